import { Button, CopyButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { MAX_INDICATORS_PER_CALL } from '../../../../shared/api/routes';
import type { Indicator } from '../../../../shared/api/schemas';
import { searches } from '../../../config/routes';
import { plural } from '../../../lib/format';
import { useRouteSearch } from '../../../lib/url-state';
import {
  buildTree,
  filterIndicators,
  filterTerms,
  flattenTree,
  groupByIndicator,
  type Row,
} from '../tree';
import type { IndicatorFilter } from '../use-indicator-filter';
import { useIndicatorSelection } from '../use-indicator-selection';
import { IndicatorElsewhere } from './indicator-elsewhere';
import { IndicatorRow, NodeRow } from './indicator-rows';
import { IndicatorSet } from './indicator-set';

type ListRow =
  Row | { kind: 'group'; key: string; name: string; count: number; open: boolean; ids: number[] };

/**
 * Method › category › indicator, filtered by every word typed (`?q=`), with a selection kept in
 * the URL (`?ind=`). Only the rows on screen are rendered, so a thousand indicators stay smooth.
 */
export function IndicatorCatalogue(props: {
  indicators: readonly Indicator[];
  /** The link to the set being built, as shared. */
  setLink: (ids: readonly number[], name: string) => string;
  /** The release shown and the other releases of its system model, to follow an indicator to. */
  releases?: { version: string; systemModel: string; others: readonly string[] } | undefined;
  /** The filter's words, held by the page (`useIndicatorFilter`). */
  filter: IndicatorFilter;
}) {
  const { indicators } = props;
  const [search, updateSearch] = useRouteSearch(searches.indicators);
  const deferred = useDeferredValue(props.filter.text);
  const { view } = search;
  const { selected, setSelected } = useIndicatorSelection();
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const [toggled, setToggled] = useState<Map<string, boolean>>(new Map());
  const [allOpen, setAllOpen] = useState<boolean | undefined>(undefined);
  const [capped, setCapped] = useState(0);
  const narrow = useMediaQuery('(max-width: 36em)');
  const rowHeight = narrow ? 52 : 34;

  const terms = useMemo(() => filterTerms(deferred), [deferred]);
  const matching = useMemo(() => filterIndicators(indicators, terms), [indicators, terms]);
  const filtering = terms.length > 0;
  const isOpen = (key: string) =>
    toggled.get(key) ?? allOpen ?? (filtering || key.startsWith('c:'));

  const rows: ListRow[] = useMemo(() => {
    if (view === 'tree') return flattenTree(buildTree(matching, terms), isOpen);
    const list: ListRow[] = [];
    for (const group of groupByIndicator(matching)) {
      const key = `g:${group.name}`;
      const open = isOpen(key);
      const ids = group.indicators.map((indicator) => indicator.id);
      list.push({ kind: 'group', key, name: group.name, count: ids.length, open, ids });
      if (open)
        for (const indicator of group.indicators)
          list.push({ kind: 'indicator', key: `i:${indicator.id}`, indicator });
    }
    return list;
    // isOpen reads these; listing them keeps the rows in step with every toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matching, terms, view, toggled, allOpen, filtering]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });

  const toggle = (key: string, open: boolean) =>
    setToggled((previous) => new Map(previous).set(key, !open));
  const setAll = (open: boolean) => {
    setToggled(new Map());
    setAllOpen(open);
  };
  /** Adds these (as many as a set holds, saying how many did not fit) or removes them. */
  const choose = (ids: readonly number[], checked: boolean) => {
    if (!checked) {
      const removed = new Set(ids);
      setSelected(selected.filter((id) => !removed.has(id)));
      return;
    }
    const next = [...new Set([...selected, ...ids])];
    setCapped(Math.max(0, next.length - MAX_INDICATORS_PER_CALL));
    setSelected(next.slice(0, MAX_INDICATORS_PER_CALL));
  };

  return (
    <Stack gap="sm">
      <IndicatorSet
        indicators={indicators}
        selected={selected}
        onChange={(ids) => setSelected(ids.slice(0, MAX_INDICATORS_PER_CALL))}
        name={search.set}
        onName={(set) => updateSearch({ set }, { replace: true })}
        link={props.setLink(selected, search.set)}
      />
      <Group align="end" gap="sm">
        <TextInput
          label="Filter indicators"
          description="Every word must match the method, category, indicator, unit or ID, e.g. “recipe H climate”"
          placeholder="climate change GWP100"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={props.filter.text}
          onChange={(event) => props.filter.type(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <SegmentedControl
          aria-label="Arrange indicators"
          value={view}
          onChange={(value) =>
            updateSearch(
              { view: value === 'by-indicator' ? 'by-indicator' : 'tree' },
              { replace: true },
            )
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
            ? plural(indicators.length, 'indicator')
            : `${matching.length} of ${plural(indicators.length, 'indicator')} match`}
          {selected.length > 0 ? ` · ${selected.length} selected` : ''}
          {capped > 0
            ? ` · ${plural(capped, 'indicator')} not added: a set holds ${MAX_INDICATORS_PER_CALL}`
            : ''}
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
              choose(
                matching.map((indicator) => indicator.id),
                true,
              )
            }
          >
            Select all shown
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={selected.length === 0}
            onClick={() => {
              setCapped(0);
              setSelected([]);
            }}
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
            height: 'calc(100dvh - 300px)',
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
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                    paddingInline: 8,
                  }}
                >
                  {row.kind === 'indicator' ? (
                    <IndicatorRow
                      indicator={row.indicator}
                      indent={view === 'tree' ? 52 : 28}
                      narrow={narrow}
                      label={
                        view === 'tree'
                          ? undefined
                          : `${row.indicator.method} › ${row.indicator.category}`
                      }
                      checked={selectedSet.has(row.indicator.id)}
                      onChange={(checked) => choose([row.indicator.id], checked)}
                      action={
                        props.releases && (
                          <IndicatorElsewhere indicator={row.indicator} {...props.releases} />
                        )
                      }
                    />
                  ) : (
                    <NodeRow
                      level={row.kind === 'category' ? 1 : 0}
                      name={row.name}
                      count={row.count}
                      open={row.open}
                      onToggle={() => toggle(row.key, row.open)}
                      selected={row.ids.filter((id) => selectedSet.has(id)).length}
                      onSelect={(checked) => choose(row.ids, checked)}
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
