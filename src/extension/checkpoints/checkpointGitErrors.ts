// Why the shadow git store could not take or read a checkpoint: git is missing, or one of its calls failed.
import * as l10n from '../../core/l10n';

export class GitUnavailableError extends Error {
  constructor(detail: string) {
    super(l10n.t('Checkpoints need git, which could not be run ({0}). Install git, or switch checkpoints off with {1}.', detail, 'svc.checkpoints.enabled'));
    this.name = 'GitUnavailableError';
  }
}

export class CheckpointGitError extends Error {
  constructor(args: readonly string[], detail: string) {
    super(`git ${args.join(' ')} failed: ${detail}`);
    this.name = 'CheckpointGitError';
  }
}
