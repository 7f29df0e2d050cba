/**
 * The releases the emulator serves, with the system models each really has
 * (demo-data-facts.md §2 and §3: EN15804 exists since 3.8; release dates from S4/S14,
 * 3.10's day is an estimate).
 */
export interface ReleaseFacts {
  version: string;
  releaseDate: string;
  systemModels: readonly string[];
}

export const RELEASES: readonly ReleaseFacts[] = [
  {
    version: '3.10',
    releaseDate: '2023-11-30',
    systemModels: ['cutoff', 'apos', 'consequential', 'EN15804'],
  },
  {
    version: '3.11',
    releaseDate: '2024-11-19',
    systemModels: ['cutoff', 'apos', 'consequential', 'EN15804'],
  },
  {
    version: '3.12',
    releaseDate: '2025-11-05',
    systemModels: ['cutoff', 'apos', 'consequential', 'EN15804'],
  },
];
