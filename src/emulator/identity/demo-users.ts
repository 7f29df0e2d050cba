/** The demo organisation's people. Demo mode only: their passwords are printed at start. */
export interface DemoUser {
  username: string;
  password: string;
  name: string;
  email: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'demo', password: 'demo', name: 'Demo Analyst', email: 'demo@example.org' },
  { username: 'maria', password: 'demo', name: 'María Fernández', email: 'maria@example.org' },
  { username: 'devon', password: 'demo', name: 'Devon Okafor', email: 'devon@example.org' },
];

export function findDemoUser(username: string, password: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.username === username && user.password === password);
}
