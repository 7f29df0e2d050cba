import { Badge } from '@mantine/core';
import {
  CHANGE_MEANINGS,
  type EntryChange,
  type UNCHECKED_LINES,
} from '../../../shared/matching/words';
import type { ScoreChange, ScoreChangeClass } from '../../../shared/scores/score-change';

/** Every word a badge of change may say: what became of a dataset, or of a line of a list. */
type ChangeWord = EntryChange | 'new' | (typeof UNCHECKED_LINES)[number];

/**
 * Light badges draw shade 9 on shade 1: teal, yellow and orange fall short of 4.5:1 there, so
 * none of them is used.
 */
const CHANGE_COLOUR: Record<ChangeWord, string> = {
  'documentation unchanged': 'gray',
  'documentation changed': 'blue',
  moved: 'grape',
  renamed: 'blue',
  're-identified': 'indigo',
  split: 'violet',
  merged: 'violet',
  'no certain successor': 'pink',
  removed: 'red',
  new: 'indigo',
  'not in source': 'dark',
  'several in source': 'grape',
  unreadable: 'dark',
  repeated: 'gray',
};

/**
 * What became of a dataset, in the one vocabulary (src/shared/matching/words.ts): the same
 * word and colour on What changed, the upgrade check and a dataset's history, its meaning on
 * hover.
 */
export function ChangeBadge({ change }: { change: ChangeWord }) {
  return (
    // Whole words: a narrow table column would otherwise cut "documentation unchanged".
    <Badge
      color={CHANGE_COLOUR[change]}
      variant="light"
      tt="none"
      miw="max-content"
      title={CHANGE_MEANINGS[change]}
    >
      {change}
    </Badge>
  );
}

const CLASS_COLOUR: Record<ScoreChangeClass, string> = {
  successor: 'indigo',
  'indicator changed': 'grape',
  'documentation changed': 'blue',
  'nothing documented': 'pink',
  'same score': 'gray',
  'not comparable': 'dark',
};

/** Why a score differs between two releases: its class, the sentence on hover. */
export function ScoreClassBadge({ change }: { change: ScoreChange }) {
  return (
    <Badge
      color={CLASS_COLOUR[change.class]}
      // A dot in the class's colour beside text in the page's own: told apart from the change
      // badge beside it, and readable whatever the colour.
      variant="dot"
      tt="none"
      miw="max-content"
      title={change.why}
    >
      {change.class}
    </Badge>
  );
}
