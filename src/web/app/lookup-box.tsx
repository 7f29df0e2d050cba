import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import type { ReleaseRef } from '../config/routes';

/**
 * Looks up a Dataset ID, Spold UUID or ecoSpold file name from anywhere, keeping the indicator
 * set; `/` puts the cursor here.
 */
export function LookupBox(props: {
  release: ReleaseRef;
  ind: readonly number[];
  size?: 'xs' | 'md';
  autoFocus?: boolean;
  onLookup?: () => void;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key !== '/' || typing || event.ctrlKey || event.metaKey || event.altKey) return;
      // Several boxes may be in the page; the first one on screen takes the shortcut.
      const first = [...document.querySelectorAll<HTMLInputElement>('[data-lookup-box]')].find(
        (box) => box.offsetParent !== null,
      );
      if (first !== input.current) return;
      event.preventDefault();
      first.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (!key) return;
    setValue('');
    props.onLookup?.();
    void navigate(paths.lookup(props.release, key, { ind: props.ind }));
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Look up a dataset">
      <TextInput
        ref={input}
        data-lookup-box
        size={props.size ?? 'xs'}
        aria-label="Look up by Dataset ID, Spold UUID or file name"
        // The "/" shortcut is a keyboard's; the drawer on a phone has room for the words alone.
        placeholder={
          props.size === 'md'
            ? 'Dataset ID, Spold UUID or file name'
            : 'Dataset ID, Spold UUID or file name  ( / )'
        }
        leftSection={<IconSearch size={14} aria-hidden />}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        w={props.size === 'md' ? '100%' : 300}
        autoFocus={props.autoFocus}
      />
    </form>
  );
}
