// use_skill: the model reads a skill's instructions (its SKILL.md body) when it decides the skill applies,
// and any file of the skill's folder the instructions point to. A workspace skill's files go through the
// path gate like read_file (a secret or git-ignored file is asked about); a skill of the user's home is
// read only below its own folder, never through a symlink out of it, never a file that looks like a
// secret. Either way nothing outside the skill's folder is read.
import * as nodePath from 'node:path';
import * as l10n from '../l10n';
import type { TaskApprovals } from '../tools/approvals';
import type { WorkspacePathPolicy } from '../tools/pathPolicy';
import { readApproval, readRefused } from '../tools/pathRules';
import { SecretFileRules } from '../tools/secretFiles';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from '../tools/tool';
import { toolDisplay } from '../tools/toolDisplay';
import { toolTraits } from '../tools/toolTraits';
import type { Customization, SkillDetails } from './customization';
import type { CustomizationFiles } from './customizationFiles';
import { inDependencyFolder } from './dependencyFolders';
import { markHiddenCharacters } from './hiddenCharacters';
import { SKILL_TOOL_NAME, usableSkills } from './skillCatalogue';

/** Files of a skill's folder listed with its instructions, so the model knows what it may read. */
const MAX_LISTED_FILES = 50;

/** Where a task's skills come from: the catalogue, and the files port to read their folders. */
export interface SkillSource {
  items(): Promise<readonly Customization[]>;
  files: CustomizationFiles;
}

export interface SkillToolGate {
  /** The task's path gate; absent when no folder is open (then only the user's skills exist). */
  policy?: WorkspacePathPolicy;
  approvals: TaskApprovals;
  secrets: SecretFileRules;
}

export class UseSkillTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = toolTraits({ readsWorkspace: true });
  readonly display = toolDisplay('read', 'name', () => ({ running: l10n.t('Reading the skill {0}'), done: l10n.t('Read the skill {0}') }));
  readonly definition = functionDefinition(
    SKILL_TOOL_NAME,
    "Read a skill's instructions (the skills are listed in the standing instructions), or one file of the skill's folder that its instructions name.",
    {
      name: { type: 'string', description: 'The skill\'s name, as listed.' },
      file: { type: 'string', description: "A file of the skill's folder, relative to it (such as \"reference.md\"); omit it for the skill's instructions." },
    },
    ['name'],
  );

  constructor(
    private readonly skills: () => Promise<readonly Customization[]>,
    private readonly files: CustomizationFiles,
    private readonly gate: SkillToolGate,
  ) {}

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const name = String(args.value.name ?? '');
    const skills = usableSkills(await this.skills());
    const skill = skills.find((s) => s.name === name);
    if (!skill || skill.details?.kind !== 'skill') return failed(`There is no skill named "${name}". The skills are: ${skills.map((s) => s.name).join(', ') || 'none'}.`);
    const file = args.value.file;
    if (file === undefined || file === '' || file === 'SKILL.md') return done(await this.instructions(skill, skill.details));
    if (typeof file !== 'string') return failed('file must be a path relative to the skill\'s folder, such as "reference.md".');
    return this.readFile(skill, skill.details, file, signal);
  }

  private async instructions(skill: Customization, details: SkillDetails): Promise<string> {
    const listed = await this.listFolder(details.folder);
    const from = skill.origin.scope === 'workspace' ? 'from the workspace' : "from the user's skills";
    const files = listed.length > 0 ? `\n\nFiles in the skill's folder (read one with ${SKILL_TOOL_NAME} and its file):\n${listed.join('\n')}` : '';
    return `Skill ${skill.name} (${from}: ${skill.label})\n\n${details.body}${files}`;
  }

  private async readFile(skill: Customization, details: SkillDetails, file: string, signal: AbortSignal): Promise<ToolRunResult> {
    const relative = file.split('\\').join('/');
    if (nodePath.isAbsolute(relative) || /^[a-zA-Z]:/.test(relative) || relative.startsWith('~') || relative.split('/').includes('..')) {
      return failed(`${file} is not a file of the skill's folder: name it relative to the folder, without "..".`);
    }
    const real = await this.files.realPath(nodePath.join(details.folder, ...relative.split('/')));
    if (!real || !real.startsWith(details.folder + nodePath.sep)) return failed(`${file} is not a file of the skill ${skill.name}'s folder (or it leads out of it through a symlink).`);
    if (inDependencyFolder(nodePath.relative(details.folder, real))) return failed(`${file} lies in a dependency folder; it is not part of the skill.`);
    if (skill.origin.scope === 'workspace' && this.gate.policy) {
      const display = `${nodePath.posix.dirname(skill.label)}/${relative}`;
      const target = await this.gate.policy.resolve(display, 'read');
      const question = target.questions.find((q) => q.kind === 'secret') ?? target.questions.find((q) => q.kind === 'ignored');
      if (question && !(await this.gate.approvals.allowed(readApproval(question), signal))) return { status: 'rejected', content: readRefused(target.display) };
    } else if (this.gate.secrets.match(relative)) {
      return failed(`${file} looks like a file of keys or passwords; it is not read.`);
    }
    const text = await this.files.read(real);
    if (text === undefined) return failed(`${file} is not a readable text file of a readable size.`);
    return done(`${skill.name}/${relative}:\n\n${markHiddenCharacters(text).text}`);
  }

  /** The skill's files (not SKILL.md), folders first walked breadth-first, up to a limit. */
  private async listFolder(folder: string): Promise<string[]> {
    const found: string[] = [];
    const queue = [''];
    while (queue.length > 0 && found.length < MAX_LISTED_FILES) {
      const sub = queue.shift() as string;
      for (const entry of await this.files.list(nodePath.join(folder, ...sub.split('/').filter(Boolean)))) {
        const path = sub ? `${sub}/${entry.name}` : entry.name;
        if (entry.kind === 'directory') {
          if (!inDependencyFolder(path) && !entry.name.startsWith('.')) queue.push(path);
        } else if (path !== 'SKILL.md' && found.length < MAX_LISTED_FILES) found.push(path);
      }
    }
    return found.sort();
  }
}
