import type { EmulatorState } from '../state';
import type { Params } from './validation';

/**
 * Which parameter pages the GET lists (search, and indicators where they are paged): `from` in
 * the documented dialect, `offset` in the variant, or what the `paging` fault says. Any other
 * paging parameter is ignored like every unknown parameter, so page 2 is page 1 again.
 */
export function listPage(
  params: Params,
  state: EmulatorState,
  defaults: { limit: number; max: number },
): { from: number; limit: number } {
  const style = state.faults.paging ?? (state.config.dialect === 'variant' ? 'offset' : 'from');
  const limit = params.int('limit', { default: defaults.limit, min: 1, max: defaults.max });
  if (style === 'page') {
    const page = params.int('page', { default: 1, min: 1 });
    return { from: (page - 1) * limit, limit };
  }
  return { from: params.int(style, { default: 0, min: 0 }), limit };
}
