import { NotFound } from '../../components/feedback/route-error';
import { usePageTitle } from '../../lib/page-title';

export function Component() {
  usePageTitle('Page not found');
  return <NotFound />;
}
