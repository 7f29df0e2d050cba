/**
 * What the explorer calls a score the data service did not give (`score: null`), on pages, in
 * exports and on the command line alike: it could not compute one for that indicator and dataset.
 */
export const NO_SCORE = 'No score';
export const NO_SCORE_NOTE = 'no score: the data service gave none for this indicator';
