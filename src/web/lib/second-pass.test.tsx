import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useSecondPass } from './second-pass';

/** A page whose rows are at hand on arrival, noting what each commit put on the screen. */
function Page({ commits }: { commits: string[] }) {
  const secondPass = useSecondPass();
  useLayoutEffect(() => {
    commits.push(document.body.textContent);
  });
  return (
    <>
      <h1>What changed in 3.12</h1>
      {secondPass && (
        <table aria-label="Changed datasets">
          <tbody>
            <tr>
              <td>market for cement</td>
            </tr>
          </tbody>
        </table>
      )}
    </>
  );
}

describe('the heading first', () => {
  it('commits the heading alone, then the body in the render after', async () => {
    const commits: string[] = [];
    render(<Page commits={commits} />);
    expect(await screen.findByRole('table', { name: 'Changed datasets' })).toBeVisible();
    expect(commits[0]).toBe('What changed in 3.12');
    expect(commits.at(-1)).toBe('What changed in 3.12market for cement');
  });
});
