import { useCallback, useState } from 'react';
import type { ListEntry } from '../../../shared/api/routes';
import { parseDatasetList, type ListProblem } from '../../../shared/dataset-list';
import { searches } from '../../config/routes';
import { useRouteSearch } from '../../lib/url-state';
import { choicesOf, readDraft, writeDraft, type SavedList } from './saved-lists';
import {
  linkedEntries,
  picksFromParam,
  picksParam,
  shareableIds,
  sharedListText,
} from './share-link';

/** The entries of a list kept from before a reload, when it was checked and still parses. */
function draftEntries(text: string): ListEntry[] | undefined {
  const parsed = parseDatasetList(text);
  return parsed.ok && parsed.entries.length > 0 ? parsed.entries : undefined;
}

/** The lines of a list that were not checked (unreadable, repeated), for its exports. */
function draftProblems(text: string): ListProblem[] {
  const parsed = parseDatasetList(text);
  return parsed.ok ? parsed.problems : [];
}

/**
 * The upgrade check's list: as typed, as last checked, the candidates chosen for its lines and
 * what of a link's choices was left out, kept in this tab across a reload and in step with the
 * address (a link opened while on the page brings its own list).
 */
export function useUpgradeList() {
  const [search, update] = useRouteSearch(searches.upgrade);
  // The list this tab was working on before a reload, unless the link brings another one
  // (a link holds only the IDs: the draft keeps the list as typed, comments and bad lines too).
  const [draft] = useState(() => {
    const kept = readDraft();
    if (!kept || search.ids.length === 0) return kept;
    const entries = draftEntries(kept.text);
    const shared = entries ? shareableIds(entries) : undefined;
    return shared?.ok && shared.ids.join(',') === search.ids.join(',') ? kept : undefined;
  });
  const [text, setTextState] = useState(() => draft?.text ?? sharedListText(search.ids));
  const [submitted, setSubmitted] = useState(() =>
    draft?.checked ? draftEntries(draft.text) : linkedEntries(search.ids),
  );
  // A link's list is IDs only; a typed one may have lines that were left out.
  const [problems, setProblems] = useState<ListProblem[]>(() =>
    draft?.checked ? draftProblems(draft.text) : [],
  );
  // The choices a link makes (`pick=8279:41723`), by line of the list it opened.
  const [linkPicks, setLinkPicks] = useState(() => picksFromParam(submitted ?? [], search.pick));
  /** Candidates chosen in the results shown, by line: saved with the list and kept on reload. */
  const [chosen, setChosenState] = useState<ReadonlyMap<number, number>>(() =>
    search.pick !== ''
      ? linkPicks.chosen
      : new Map(Object.entries(draft?.chosen ?? {}).map(([line, id]) => [Number(line), id])),
  );
  /** What of the link's choices was left out, in sentences. */
  const [droppedPicks, setDroppedPicks] = useState<string[]>([]);
  const addDroppedPicks = useCallback(
    (sentences: string[]) => setDroppedPicks((shown) => [...new Set([...shown, ...sentences])]),
    [],
  );
  const keep = (next: { text?: string; checked?: boolean; chosen?: ReadonlyMap<number, number> }) =>
    writeDraft({
      text: next.text ?? text,
      checked: next.checked ?? submitted !== undefined,
      chosen: next.chosen ?? chosen,
      from: search.from ?? draft?.from,
    });
  const setText = (value: string) => {
    setTextState(value);
    keep({ text: value });
  };
  const setChosen = (value: ReadonlyMap<number, number>) => {
    setChosenState(value);
    keep({ chosen: value });
  };
  // A link opened while on the page (back, forward, another shared link) brings its own list;
  // the IDs this page wrote itself leave the list as the user typed it (comments, bad lines).
  const idsKey = search.ids.join(',');
  const [shownIds, setShownIds] = useState(idsKey);
  const [writtenIds, setWrittenIds] = useState<string>();
  if (idsKey !== shownIds) {
    setShownIds(idsKey);
    if (idsKey !== '' && idsKey !== writtenIds) {
      const entries = linkedEntries(search.ids);
      const picks = picksFromParam(entries ?? [], search.pick);
      setTextState(sharedListText(search.ids));
      setSubmitted(entries);
      setProblems([]);
      setChosenState(picks.chosen);
      setLinkPicks(picks);
      setDroppedPicks([]);
    }
  }

  /** Checks a list: its entries are kept, and a list of IDs short enough goes into the URL. */
  const check = (
    listText: string,
    listFrom: string | undefined,
    listChosen: ReadonlyMap<number, number> = new Map(),
  ) => {
    const list = parseDatasetList(listText);
    if (!list.ok || list.entries.length === 0) return;
    setSubmitted(list.entries);
    setProblems(list.problems);
    setChosenState(listChosen);
    setLinkPicks({ chosen: new Map(), ignored: [] });
    setDroppedPicks([]);
    writeDraft({ text: listText, checked: true, chosen: listChosen, from: listFrom });
    const shared = shareableIds(list.entries);
    const ids = shared.ok ? shared.ids : [];
    setWrittenIds(ids.join(','));
    update({ ids, from: listFrom });
  };
  /** Opens a saved list: its text, its release and its choices, checked at once. */
  const open = (list: SavedList) => {
    setTextState(list.text);
    check(list.text, list.from, choicesOf(list));
  };

  const sharing = submitted ? shareableIds(submitted) : undefined;
  return {
    /** The list kept from before a reload, if any. */
    draft,
    text,
    setText,
    /** The entries last checked, if any. */
    submitted,
    problems,
    chosen,
    setChosen,
    addDroppedPicks,
    /** What of a link's choices was left out, in sentences. */
    dropped: [...linkPicks.ignored, ...droppedPicks],
    check,
    open,
    /** Whether the list checked travels in a link, and why not; undefined before a check. */
    sharing,
    /** Candidates chosen, for a list a link can hold (`pick`); '' for none. */
    pick: submitted && sharing?.ok ? picksParam(submitted, chosen) : '',
  };
}
