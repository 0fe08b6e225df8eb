// The first-use walk's screenshots: one scene shown in every look a user may have (Light and Dark Modern,
// English and Simplified Chinese) at the narrowest and a usual side-bar width, each saved under
// test-results/walk/ for a person to look at, and each checked by the scene's own assertions.
import fs from 'node:fs';
import path from 'node:path';
import { resultsDir } from '../harness/toolPaths';
import type { ChatPage } from './chatPage';

export type Language = 'en' | 'zh-cn';
export type Theme = 'light' | 'dark';
export interface Look {
  lang: Language;
  theme: Theme;
  width: 170 | 400;
}

const HEIGHT = 700;

/**
 * Opens the page once per theme and language, lets `show` build the scene and check it, and saves
 * `<scene>-<lang>-<theme>-<width>px.png` at each width after `check` (which runs at each width too).
 */
export async function inEveryLook(chat: ChatPage, scene: string, show: (lang: Language) => Promise<void>, check: (look: Look) => Promise<void> = async () => undefined): Promise<void> {
  const base = chat.page.url().split('?')[0] as string;
  const dir = path.join(resultsDir, 'walk');
  fs.mkdirSync(dir, { recursive: true });
  for (const lang of ['en', 'zh-cn'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await chat.page.setViewportSize({ width: 400, height: HEIGHT });
      await chat.open(`${base}?theme=${theme}&lang=${lang}`);
      await show(lang);
      for (const width of [170, 400] as const) {
        await chat.page.setViewportSize({ width, height: HEIGHT });
        await chat.frames(3);
        await check({ lang, theme, width });
        await chat.page.screenshot({ path: path.join(dir, `${scene}-${lang}-${theme}-${width}px.png`) });
      }
    }
  }
}

const ZH_CN = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../l10n/bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;

/** What the host (whose strings go through vscode.l10n) would send for `text` in `lang`. */
export function hostSays(lang: Language, text: string): string {
  if (lang === 'en') return text;
  const said = ZH_CN[text];
  if (said === undefined) throw new Error(`no zh-cn translation of "${text}"`);
  return said;
}
