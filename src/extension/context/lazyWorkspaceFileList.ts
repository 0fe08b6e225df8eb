// The workspace's files for the @ completion list (workspaceFileList.ts): the list and the workspace search
// behind it are a file of their own (esbuild.mjs), loaded the first time the list is asked for (typing @ in
// the composer), not when the chat view opens.
import type { workspaceFileList } from './workspaceFileList';

export function lazyWorkspaceFileList(): () => Promise<string[]> {
  let loading: Promise<ReturnType<typeof workspaceFileList>> | undefined;
  return async () => {
    loading ??= import('./workspaceFileList').then(
      (module) => module.workspaceFileList(),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return (await loading)();
  };
}
