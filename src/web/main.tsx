import { isSignInAnswer, signInFirst } from './features/auth/sign-in-first';
import { preloadPage } from './app/preload-page';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to mount the explorer in');
const mountPoint = root;

/**
 * Signs in first, with a small script (no React, no UI kit), then shows the explorer, whose code
 * starts loading as soon as it is sure to be shown.
 */
async function start() {
  // The page this address shows: its code arrives while signing in goes on.
  if (!isSignInAnswer(window.location)) preloadPage(window.location.pathname);
  const loadExplorer = () => import('./app/mount');
  let explorer: ReturnType<typeof loadExplorer> | undefined;
  const boot = await signInFirst(() => {
    explorer ??= loadExplorer();
  });
  if (!boot) return; // on the way to the identity provider, or a hidden renewal frame
  const { mountExplorer } = await (explorer ?? loadExplorer());
  mountExplorer(mountPoint, boot);
}

void start();
