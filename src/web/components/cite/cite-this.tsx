import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { Citation } from '../../../shared/citation';

const CiteThisDialog = lazy(() => import('./cite-this-dialog'));

/**
 * "Cite this": the data a page shows cited as ecoinvent asks (src/shared/citation.ts), as text,
 * RIS and BibTeX, each to copy, RIS and BibTeX to download, with the ecoQuery addresses. `cite`
 * builds it from what the page has loaded when the dialog opens; the dialog loads only then.
 */
export function CiteThis({ cite, disabled }: { cite: () => Citation; disabled?: boolean }) {
  const [citation, setCitation] = useState<Citation>();
  return (
    <>
      <Button size="xs" variant="default" disabled={disabled} onClick={() => setCitation(cite())}>
        Cite this
      </Button>
      {citation && (
        <Suspense fallback={null}>
          <CiteThisDialog citation={citation} onClose={() => setCitation(undefined)} />
        </Suspense>
      )}
    </>
  );
}
