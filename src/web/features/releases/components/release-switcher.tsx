import { Group, NativeSelect } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { compareVersions, DEFAULT_SYSTEM_MODEL } from '../../../../shared/versions';
import type { VersionEntry } from '../../../../shared/api/schemas';
import { paths, switchRelease } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';

export interface ReleaseSwitcherProps {
  versions: readonly VersionEntry[];
  current: ReleaseRef;
  /** The indicator set, kept when switching from a page outside a release. */
  ind: readonly number[];
  onSwitch?: () => void;
}

/**
 * Changes `/:version/:systemModel` in the URL and keeps the rest of the page; from a page outside
 * a release (Usage, Releases) it opens the chosen release's overview.
 */
export function ReleaseSwitcher({ versions, current, ind, onSwitch }: ReleaseSwitcherProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const sorted = [...versions].sort((a, b) => compareVersions(b.version, a.version));
  const models = sorted.find((entry) => entry.version === current.version)?.system_models ?? [];
  const onReleasePage =
    /^\/[^/]+\/[^/]+/.test(location.pathname) && location.pathname !== paths.releases();

  // A native picker shows its first option when the value is not among them: a release or system
  // model the licence does not list is shown as such, never as another one.
  const choices = (values: readonly string[], value: string) =>
    values.includes(value)
      ? [...values]
      : [{ value, label: `${value} (not listed)`, disabled: true }, ...values];

  const go = (release: ReleaseRef) => {
    onSwitch?.();
    void navigate(
      onReleasePage
        ? `${switchRelease(location.pathname, release)}${location.search}`
        : paths.release(release, { ind }),
    );
  };

  return (
    <Group gap="xs" wrap="nowrap">
      {/* Native pickers: a handful of releases and three system models need no custom list, and
          a phone shows its own. */}
      <NativeSelect
        aria-label="Release"
        size="xs"
        w={100}
        data={choices(
          sorted.map((entry) => entry.version),
          current.version,
        )}
        value={current.version}
        onChange={(event) => {
          const version = event.currentTarget.value;
          const available = sorted.find((entry) => entry.version === version)?.system_models ?? [];
          const systemModel = available.includes(current.systemModel)
            ? current.systemModel
            : available.includes(DEFAULT_SYSTEM_MODEL)
              ? DEFAULT_SYSTEM_MODEL
              : (available[0] ?? DEFAULT_SYSTEM_MODEL);
          go({ version, systemModel });
        }}
      />
      <NativeSelect
        aria-label="System model"
        size="xs"
        w={150}
        data={choices(models, current.systemModel)}
        value={current.systemModel}
        onChange={(event) =>
          go({ version: current.version, systemModel: event.currentTarget.value })
        }
      />
    </Group>
  );
}
