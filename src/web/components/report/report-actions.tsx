import { Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { download } from '../../lib/files';
import type { Report } from '../../lib/report/model';

const ReportView = lazy(() => import('./report-view'));

/**
 * A page's static report: a print view and a PDF of what the page shows, for people outside the
 * licence. `build` makes the report from what the page has already loaded (never a new score).
 * The print view, and the PDF's library and font, load only when asked for.
 */
export function ReportActions({
  file,
  build,
  disabled,
}: {
  /** The PDF's file name without extension. */
  file: string;
  build: () => Report;
  disabled?: boolean;
}) {
  const [shown, setShown] = useState<Report>();
  const [writing, setWriting] = useState(false);
  const [failed, setFailed] = useState(false);
  const pdf = async () => {
    setWriting(true);
    setFailed(false);
    try {
      const { reportPdf } = await import('../../lib/report/pdf');
      download(`${file}.pdf`, await reportPdf(build()), 'application/pdf');
    } catch {
      // The library and font come over the network on the first PDF: a lost connection lands here.
      setFailed(true);
    } finally {
      setWriting(false);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" disabled={disabled} onClick={() => setShown(build())}>
        Print view
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        loading={writing}
        color={failed ? 'red' : undefined}
        title={
          failed ? 'The PDF could not be made; check the connection and try again.' : undefined
        }
        onClick={() => void pdf()}
      >
        {failed ? 'Download PDF (failed, try again)' : 'Download PDF'}
      </Button>
      {shown && (
        <Suspense fallback={null}>
          <ReportView report={shown} onClose={() => setShown(undefined)} />
        </Suspense>
      )}
    </Group>
  );
}
