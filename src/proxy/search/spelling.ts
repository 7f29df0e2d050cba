/**
 * British and American spellings and common synonyms of words in activity names, each pair
 * read both ways. The data service's search matches words as they are written, and ecoinvent
 * writes "aluminium" but "sulfur", "lorry" but "petrol": which of a pair a release uses is the
 * data's business, so the proxy asks with the other word only when the one typed finds nothing,
 * and says so, or says how many the other finds (spelled-search.ts).
 */
const PAIRS: readonly (readonly [string, string])[] = [
  ['aluminium', 'aluminum'],
  ['sulfur', 'sulphur'],
  ['sulfuric', 'sulphuric'],
  ['sulfate', 'sulphate'],
  ['sulfide', 'sulphide'],
  ['sulfidic', 'sulphidic'],
  ['sulfite', 'sulphite'],
  ['sulfonate', 'sulphonate'],
  ['fibre', 'fiber'],
  ['fibres', 'fibers'],
  ['tyre', 'tire'],
  ['tyres', 'tires'],
  ['litre', 'liter'],
  ['metre', 'meter'],
  ['centre', 'center'],
  ['colour', 'color'],
  ['grey', 'gray'],
  ['vapour', 'vapor'],
  ['mould', 'mold'],
  ['odour', 'odor'],
  ['harbour', 'harbor'],
  ['labour', 'labor'],
  ['neighbouring', 'neighboring'],
  ['fertiliser', 'fertilizer'],
  ['fertilisers', 'fertilizers'],
  ['caesium', 'cesium'],
  ['aeroplane', 'airplane'],
  ['ageing', 'aging'],
  ['petrol', 'gasoline'],
  ['lorry', 'truck'],
  ['photovoltaic', 'pv'],
];

const OTHER = new Map<string, string>(
  PAIRS.flatMap(([a, b]) => [
    [a, b],
    [b, a],
  ]),
);

/**
 * The query with every word of a known pair in its other spelling, keeping the rest as typed;
 * undefined when no word has another spelling.
 */
export function otherSpelling(query: string): string | undefined {
  const other = query.replace(/\p{L}+/gu, (word) => OTHER.get(word.toLowerCase()) ?? word);
  return other === query ? undefined : other;
}
