// The commit-message writer's ports over a real repository: the product's own pinned git, the local
// emulator as the service, and every request recorded as JSON in `sent`, so a test can look for bytes that
// must never leave.
import type { SvcClient } from '../../src/api/index';
import type { CommitMessagePorts } from '../../src/core/scm/commitMessageWriter';
import { SecretFileRules } from '../../src/core/tools/secretFiles';
import { WorkspaceGit } from '../../src/extension/git/workspaceGit';

export function recordingCommitMessagePorts(client: SvcClient, root: string, sent: string[], protectedFiles: string[] = []): CommitMessagePorts {
  const git = new WorkspaceGit({ untrustedFolders: () => [root] });
  return {
    git: (args) => git.run(root, args),
    client: async () => ({
      chatStream: (request: Parameters<SvcClient['chatStream']>[0], options?: { signal?: AbortSignal }) => {
        sent.push(JSON.stringify(request));
        return client.chatStream(request, options);
      },
    }),
    settings: { model: 'svc-v1-32k', thinking: false, jsonMode: false, choiceCount: 1 },
    cacheKey: 'k',
    secrets: new SecretFileRules(protectedFiles),
  };
}
