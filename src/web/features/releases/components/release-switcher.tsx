import { Group, Select } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { compareVersions, DEFAULT_SYSTEM_MODEL } from '../../../../shared/versions';
import type { Release } from '../../../../shared/api/schemas';
import { switchRelease } from '../../../config/paths';

export interface ReleaseSwitcherProps {
  versions: readonly Release[];
  current: { version: string; systemModel: string };
}

/** Changes `/:version/:systemModel` in the URL and keeps the rest of the page. */
export function ReleaseSwitcher({ versions, current }: ReleaseSwitcherProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const sorted = [...versions].sort((a, b) => compareVersions(b.version, a.version));
  const models = sorted.find((entry) => entry.version === current.version)?.system_models ?? [];

  const go = (version: string, systemModel: string) => {
    const onReleasePage =
      /^\/[^/]+\/[^/]+/.test(location.pathname) && location.pathname !== '/releases';
    const pathname = onReleasePage
      ? location.pathname
      : `/${current.version}/${current.systemModel}`;
    void navigate(
      `${switchRelease(pathname, version, systemModel)}${onReleasePage ? location.search : ''}`,
    );
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Release"
        size="xs"
        w={100}
        allowDeselect={false}
        data={sorted.map((entry) => entry.version)}
        value={current.version}
        onChange={(version) => {
          if (!version) return;
          const available = sorted.find((entry) => entry.version === version)?.system_models ?? [];
          const model = available.includes(current.systemModel)
            ? current.systemModel
            : available.includes(DEFAULT_SYSTEM_MODEL)
              ? DEFAULT_SYSTEM_MODEL
              : (available[0] ?? DEFAULT_SYSTEM_MODEL);
          go(version, model);
        }}
      />
      <Select
        aria-label="System model"
        size="xs"
        w={150}
        allowDeselect={false}
        data={models}
        value={models.includes(current.systemModel) ? current.systemModel : null}
        onChange={(model) => model && go(current.version, model)}
      />
    </Group>
  );
}
