import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { compareVersions, SYSTEM_MODELS, systemModelLabel } from '../../../../shared/versions';
import { paths } from '../../../config/paths';
import { switchRelease } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import type { ReleaseProblem } from '../release-problem';

/** The same page in each licensed release that has this system model (or any, if none has). */
function OtherReleases({ problem }: { problem: ReleaseProblem }) {
  const { pathname } = useLocation();
  const options = [...problem.licensed]
    .sort((a, b) => compareVersions(b.version, a.version))
    .flatMap((entry) => {
      const models = entry.system_models.includes(problem.release.systemModel)
        ? [problem.release.systemModel]
        : problem.kind === 'no-release'
          ? []
          : entry.system_models;
      return models.map((systemModel) => ({ version: entry.version, systemModel }));
    });
  if (options.length === 0) return null;
  return (
    <Group gap="sm">
      {options.slice(0, 12).map((option) => (
        <Anchor
          key={`${option.version}/${option.systemModel}`}
          component={Link}
          to={switchRelease(pathname, option)}
        >
          {option.version} · {option.systemModel}
        </Anchor>
      ))}
    </Group>
  );
}

/** Why the release of the address cannot be shown, and the releases that can. */
export function ReleaseProblemView({ problem }: { problem: ReleaseProblem }) {
  const { version, systemModel } = problem.release;
  const listed = [...problem.licensed]
    .map((entry) => entry.version)
    .sort(compareVersions)
    .join(', ');
  const [title, text] =
    problem.kind === 'no-release'
      ? [
          `No release ${version}`,
          `Your licence lists the releases ${listed}; ${version} is not one of them. Check the link, or open the same page in a listed release.`,
        ]
      : problem.kind === 'no-system-model'
        ? [
            `No system model “${systemModel}”`,
            `Release ${version} has no system model called “${systemModel}”. The system models are ${Object.keys(SYSTEM_MODELS).join(', ')}.`,
          ]
        : [
            'Not in your licence',
            `Your organisation’s licence does not include release ${version} with the system model ${systemModel} (${systemModelLabel(systemModel)}).`,
          ];
  usePageTitle(title);
  return (
    <Stack maw={680}>
      {problem.kind === 'not-licensed' ? (
        <Alert color="yellow" title={title} role="alert">
          <Text size="sm">{text}</Text>
        </Alert>
      ) : (
        <>
          <Title order={1}>{title}</Title>
          <Text>{text}</Text>
        </>
      )}
      <OtherReleases problem={problem} />
      <Anchor component={Link} to={paths.releases()}>
        See the releases your licence holds
      </Anchor>
    </Stack>
  );
}
