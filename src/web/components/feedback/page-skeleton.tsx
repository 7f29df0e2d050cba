import { Skeleton, Stack } from '@mantine/core';

/** A page's place while its module and first data arrive. */
export function PageSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading the page">
      <Skeleton h={40} w="40%" />
      <Skeleton h={18} w="70%" />
      <Skeleton h={240} />
    </Stack>
  );
}
