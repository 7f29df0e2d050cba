import { Button, CopyButton } from '@mantine/core';

/** "Copy link": the page's link as `useShownLink` gives it, which holds what the page shows. */
export function CopyLinkButton(props: { link: string; label?: string }) {
  return (
    <CopyButton value={props.link}>
      {({ copied, copy }) => (
        <Button size="xs" variant="default" onClick={copy}>
          {copied ? 'Link copied' : (props.label ?? 'Copy link')}
        </Button>
      )}
    </CopyButton>
  );
}
