import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ApiCall } from '../../../shared/api/calls';

const CopyAsCodeDialog = lazy(() => import('./copy-as-code-dialog'));

/**
 * "Copy as code": the calls behind what the page shows, with its release and indicator set, as
 * curl, Python and R that run as copied once the user's token is in LCI_EXPLORER_TOKEN. The
 * dialog and the code load only when asked for, so a page pays for the button alone. Placed just
 * before the page's title.
 */
export function CopyAsCode({ calls }: { calls: readonly ApiCall[] }) {
  const [open, setOpen] = useState(false);
  if (calls.length === 0) return null;
  return (
    <>
      {/* Floats beside the page's title, which follows it. */}
      <Button
        size="xs"
        variant="default"
        onClick={() => setOpen(true)}
        style={{ float: 'right' }}
        ml="sm"
      >
        Copy as code
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CopyAsCodeDialog calls={calls} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
