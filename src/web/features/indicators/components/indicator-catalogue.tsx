import { Button, CopyButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Indicator } from '../../../../shared/api/schemas';
import {
  buildTree,
  filterIndicators,
  filterTerms,
  flattenTree,
  groupByIndicator,
  type Row,
} from '../tree';
import { useUpdateSearch } from '../../../lib/url-state';
import { useIndicatorSelection } from '../use-indicator-selection';
import { IndicatorRow, NodeRow } from './indicator-rows';

type View = 'tree' | 'by-indicator';
type ListRow = Row | { kind: 'group'; key: string; name: string; count: number; open: boolean };

const ROW_HEIGHT = 34;

/**
 * Method › category › indicator, filtered by every word typed (`?q=`), with a selection kept in
 * the URL (`?ind=`). Only the rows on screen are rendered, so a thousand indicators stay smooth.
 */
export function IndicatorCatalogue({ indicators }: { indicators: readonly Indicator[] }) {
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const [text, setText] = useState(searchParams.get('q') ?? '');
  const deferred = useDeferredValue(text);
  const view: View = searchParams.get('view') === 'by-indicator' ? 'by-indicator' : 'tree';
  const { selected, setSelected } = useIndicatorSelection();
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const [toggled, setToggled] = useState<Map<string, boolean>>(new Map());
  const [allOpen, setAllOpen] = useState<boolean | undefined>(undefined);

  const writeQuery = useDebouncedCallback((value: string) => {
    updateSearch({ q: value.trim() }, { replace: true });
  }, 300);

  const terms = useMemo(() => filterTerms(deferred), [deferred]);
  const matching = useMemo(() => filterIndicators(indicators, terms), [indicators, terms]);
  const filtering = terms.length > 0;
  const isOpen = (key: string) =>
    toggled.get(key) ?? allOpen ?? (filtering || key.startsWith('c:'));

  const rows: ListRow[] = useMemo(() => {
    if (view === 'tree') return flattenTree(buildTree(matching), isOpen);
    const list: ListRow[] = [];
    for (const group of groupByIndicator(matching)) {
      const key = `g:${group.name}`;
      const open = isOpen(key);
      list.push({ kind: 'group', key, name: group.name, count: group.indicators.length, open });
      if (open)
        for (const indicator of group.indicators)
          list.push({ kind: 'indicator', key: `i:${indicator.id}`, indicator });
    }
    return list;
    // isOpen reads these; listing them keeps the rows in step with every toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matching, view, toggled, allOpen, filtering]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const toggle = (key: string, open: boolean) =>
    setToggled((previous) => new Map(previous).set(key, !open));
  const setAll = (open: boolean) => {
    setToggled(new Map());
    setAllOpen(open);
  };
  const choose = (id: number, checked: boolean) =>
    setSelected(checked ? [...selected, id] : selected.filter((other) => other !== id));

  return (
    <Stack gap="sm">
      <Group align="end" gap="sm">
        <TextInput
          label="Filter indicators"
          description="Every word must match the method, category, indicator, unit or ID, e.g. “recipe H climate”"
          placeholder="climate change GWP100"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            writeQuery(event.currentTarget.value);
          }}
          style={{ flex: 1, minWidth: 240 }}
        />
        <SegmentedControl
          aria-label="Arrange indicators"
          value={view}
          onChange={(value) =>
            updateSearch({ view: value === 'tree' ? undefined : value }, { replace: true })
          }
          data={[
            { label: 'By method', value: 'tree' },
            { label: 'By indicator', value: 'by-indicator' },
          ]}
        />
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {matching.length === indicators.length
            ? `${indicators.length} indicators`
            : `${matching.length} of ${indicators.length} indicators match`}
          {selected.length > 0 ? ` · ${selected.length} selected` : ''}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setAll(true)}>
            Expand all
          </Button>
          <Button size="xs" variant="default" onClick={() => setAll(false)}>
            Collapse all
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={matching.length === 0}
            onClick={() =>
              setSelected([...new Set([...selected, ...matching.map((i) => i.id)])].slice(0, 100))
            }
          >
            Select all shown
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={selected.length === 0}
            onClick={() => setSelected([])}
          >
            Clear selection
          </Button>
          <CopyButton value={selected.join(',')}>
            {({ copied, copy }) => (
              <Button size="xs" disabled={selected.length === 0} onClick={copy}>
                {copied ? 'Copied' : 'Copy IDs'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      {matching.length === 0 ? (
        <Text>
          No indicator matches “{deferred}”. Try fewer words, or words from the method’s name.
        </Text>
      ) : (
        <div
          ref={scrollRef}
          role="list"
          aria-label="Indicators"
          style={{
            height: 'calc(100vh - 300px)',
            minHeight: 320,
            overflow: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
          }}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={row.key}
                  role="listitem"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    paddingInline: 8,
                  }}
                >
                  {row.kind === 'indicator' ? (
                    <IndicatorRow
                      indicator={row.indicator}
                      indent={view === 'tree' ? 52 : 28}
                      label={
                        view === 'tree'
                          ? undefined
                          : `${row.indicator.method} › ${row.indicator.category}`
                      }
                      checked={selectedSet.has(row.indicator.id)}
                      onChange={(checked) => choose(row.indicator.id, checked)}
                    />
                  ) : (
                    <NodeRow
                      level={row.kind === 'category' ? 1 : 0}
                      name={row.name}
                      count={row.count}
                      open={row.open}
                      onToggle={() => toggle(row.key, row.open)}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Stack>
  );
}
