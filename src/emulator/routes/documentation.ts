import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../identity/login-page';
import type { EmulatorState } from '../state';

/**
 * The pages a dataset's `url` and `url_history` point at. The real service links to ecoQuery;
 * the emulator serves a plain page of its own so the links lead somewhere true.
 */
export function registerDocumentation(app: FastifyInstance, state: EmulatorState) {
  app.get('/ecoquery/:version/:systemModel/dataset/:id/:page', async (request, reply) => {
    const {
      version = '',
      systemModel = '',
      id = '',
      page = '',
    } = request.params as Partial<Record<string, string>>;
    const view = state.store.view(version, systemModel);
    const record = view?.byId.get(Number(id));
    if (!view || !record || (page !== 'documentation' && page !== 'history')) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Not found</title><h1>Not found</h1>');
    }
    const rows: [string, string][] = [
      ['Activity', record.activity],
      ['Reference product', `${record.product} (${record.unit})`],
      ['Geography', record.geography.display],
      ['Time period', record.timePeriod],
      ['Activity type', record.type],
      ['ISIC', `${record.isicSection}; ${record.isicClass}`],
      ['Sectors', record.sectors.join(', ')],
      ['Activity UUID', record.activityUuid],
      ['Product UUID', record.productUuid],
    ];
    const history =
      page === 'history'
        ? `<h2>History</h2><p>${escapeHtml(view.release.changes.get(record.id) ?? 'persisted')} in ${escapeHtml(version)}.</p>`
        : `<h2>Description</h2><p>${escapeHtml(record.description)}</p>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(record.activity)} · ${escapeHtml(version)} ${escapeHtml(systemModel)}</title></head><body><h1>${escapeHtml(record.activity)}</h1><p>Dataset ${record.id} in ${escapeHtml(version)} (${escapeHtml(systemModel)}), served by the data-service emulator.</p><table>${rows
          .map(
            ([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
          )
          .join('')}</table>${history}</body></html>`,
      );
  });
}
