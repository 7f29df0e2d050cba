import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's place while its module and first data arrive. A page whose heading needs no data
 * draws it at once above the skeleton, outside what is announced as loading: its intro is the
 * page's largest text, which is what the largest contentful paint waits for (issue 34).
 */
export function PageSkeleton(props: { heading?: ReactNode }) {
  const loading = (
    <Stack gap="md" role="status" aria-label="Loading the page">
      {!props.heading && (
        <>
          <Skeleton h={40} w="40%" />
          <Skeleton h={18} w="70%" />
        </>
      )}
      <Skeleton h={240} />
    </Stack>
  );
  if (!props.heading) return loading;
  return (
    <Stack gap="md">
      {props.heading}
      {loading}
    </Stack>
  );
}
