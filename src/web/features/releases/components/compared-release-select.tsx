import { Alert, Select } from '@mantine/core';

/**
 * Chooses the other release a cross-release page compares this one with, and says why none is
 * used when the link names one the licence lacks (or there is none before this one).
 */
export function ComparedReleaseSelect(props: {
  label: string;
  description?: string;
  /** The alert's title when no usable release is chosen. */
  missingTitle: string;
  width: number;
  version: string;
  systemModel: string;
  others: readonly string[];
  from: string | undefined;
  usable: boolean;
  onChange: (from: string) => void;
}) {
  const { version, systemModel, from, usable } = props;
  return (
    <>
      <Select
        label={props.label}
        description={props.description}
        data={props.others}
        value={usable ? (from ?? null) : null}
        placeholder="Choose a release"
        allowDeselect={false}
        onChange={(value) => value && props.onChange(value)}
        w={{ base: '100%', xs: props.width }}
      />
      {!usable && (
        <Alert color="blue" title={props.missingTitle}>
          {from === undefined
            ? `Your licence has no release of ${systemModel} before ${version}.`
            : from === version
              ? `${version} is the release you are in: choose another to compare it with.`
              : `Release ${from} is not one of your licence’s releases of ${systemModel}.`}
        </Alert>
      )}
    </>
  );
}
