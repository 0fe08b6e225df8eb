// Moves the manifest's user-visible English strings into package.nls.json, leaving `%key%` in their
// place, so VS Code shows them in its display language (package.nls.<locale>.json). Keys are named for
// where the string sits (`command.svc.newChat.title`, `config.svc.model.enumDescriptions.0`), so running
// it again changes nothing and only a string added since gets a key. Of the language-model tools (written
// by scripts/languageModelTools.ts) only userDescription is taken: VS Code replaces a `%key%` anywhere in
// the manifest, so a modelDescription written as one would reach the model in the display language, and
// it and the input schemas are for the model; displayName is a name (`svc <function>`).
//   npx tsx scripts/manifestStrings.ts          (also run by `npm run l10n`)
import fs from 'node:fs';
import path from 'node:path';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Fields of a setting's schema that the Settings editor shows. */
const SETTING_TEXT_FIELDS = ['title', 'description', 'markdownDescription', 'patternErrorMessage', 'deprecationMessage', 'markdownDeprecationMessage'];
const SETTING_TEXT_LISTS = ['enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels'];

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asObjects(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export class ManifestStrings {
  readonly strings: Record<string, string>;

  constructor(existing: Record<string, string>) {
    this.strings = { ...existing };
  }

  /** Replaces `owner[field]` by `%key%` when it is English text, recording the text under `key`. */
  private take(owner: JsonObject | Json[], field: string | number, key: string): void {
    const value = Array.isArray(owner) ? owner[field as number] : owner[field as string];
    if (typeof value !== 'string' || /^%[^%\s]+%$/.test(value) || !/[A-Za-z]/.test(value)) return;
    const existing = this.strings[key];
    if (existing !== undefined && existing !== value) throw new Error(`package.nls.json already has "${key}" with other text; rename it or remove it first`);
    this.strings[key] = value;
    if (Array.isArray(owner)) owner[field as number] = `%${key}%`;
    else owner[field as string] = `%${key}%`;
  }

  private setting(schema: JsonObject, key: string): void {
    for (const field of SETTING_TEXT_FIELDS) this.take(schema, field, `${key}.${field}`);
    for (const field of SETTING_TEXT_LISTS) {
      const list = schema[field];
      if (Array.isArray(list)) list.forEach((_, index) => this.take(list, index, `${key}.${field}.${index}`));
    }
    for (const branch of ['anyOf', 'oneOf']) asObjects(schema[branch]).forEach((part) => this.setting(part, key));
    const properties = schema.properties;
    if (isObject(properties)) for (const [name, part] of Object.entries(properties)) if (isObject(part)) this.setting(part, `${key}.${name}`);
    if (isObject(schema.items)) this.setting(schema.items, `${key}.items`);
  }

  externalize(manifest: JsonObject): void {
    this.take(manifest, 'description', 'extension.description');
    const capabilities = manifest.capabilities;
    if (isObject(capabilities)) {
      for (const name of ['untrustedWorkspaces', 'virtualWorkspaces']) {
        const capability = capabilities[name];
        if (isObject(capability)) this.take(capability, 'description', `capabilities.${name}.description`);
      }
    }
    const contributes = manifest.contributes;
    if (!isObject(contributes)) return;
    for (const containers of Object.values(isObject(contributes.viewsContainers) ? contributes.viewsContainers : {})) {
      for (const container of asObjects(containers)) this.take(container, 'title', `viewsContainer.${String(container.id)}.title`);
    }
    for (const views of Object.values(isObject(contributes.views) ? contributes.views : {})) {
      for (const view of asObjects(views)) this.take(view, 'name', `view.${String(view.id)}.name`);
    }
    for (const command of asObjects(contributes.commands)) {
      this.take(command, 'title', `command.${String(command.command)}.title`);
      this.take(command, 'category', `command.${String(command.command)}.category`);
    }
    const groups = Array.isArray(contributes.configuration) ? asObjects(contributes.configuration) : asObjects([contributes.configuration ?? null]);
    for (const group of groups) {
      this.take(group, 'title', `config.group.${String(group.id)}.title`);
      const properties = group.properties;
      if (isObject(properties)) for (const [name, schema] of Object.entries(properties)) if (isObject(schema)) this.setting(schema, `config.${name}`);
    }
    for (const tool of asObjects(contributes.languageModelTools)) this.take(tool, 'userDescription', `languageModelTool.${String(tool.name)}.userDescription`);
    for (const walkthrough of asObjects(contributes.walkthroughs)) {
      const key = `walkthrough.${String(walkthrough.id)}`;
      this.take(walkthrough, 'title', `${key}.title`);
      this.take(walkthrough, 'description', `${key}.description`);
      for (const step of asObjects(walkthrough.steps)) {
        this.take(step, 'title', `${key}.${String(step.id)}.title`);
        this.take(step, 'description', `${key}.${String(step.id)}.description`);
      }
    }
  }
}

if (require.main === module) {
  const root = path.join(__dirname, '..');
  const manifestPath = path.join(root, 'package.json');
  const nlsPath = path.join(root, 'package.nls.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as JsonObject;
  const existing = fs.existsSync(nlsPath) ? (JSON.parse(fs.readFileSync(nlsPath, 'utf8')) as Record<string, string>) : {};
  const strings = new ManifestStrings(existing);
  strings.externalize(manifest);
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(nlsPath, `${JSON.stringify(strings.strings, null, 2)}\n`);
  const added = Object.keys(strings.strings).length - Object.keys(existing).length;
  console.log(`package.nls.json: ${Object.keys(strings.strings).length} strings, ${added} new; translate the new ones in package.nls.zh-cn.json`);
}
