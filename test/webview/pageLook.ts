// How a test page looks: VS Code's theme colours (which the workbench injects into every webview as
// `--vscode-*` variables) for Light Modern and Dark Modern, and the display language (the body's
// localization attribute, as src/extension/webviewHtml.ts writes it with our zh-cn bundle). Chosen by the
// page's query: `?theme=dark&lang=zh-cn`.
import fs from 'node:fs';
import path from 'node:path';
import { VIEW_LOCALIZATION_ATTRIBUTE } from '../../src/shared/viewLocalizationAttribute';

const ROOT = path.resolve(__dirname, '../..');

const SHARED: Record<string, string> = {
  'font-family': 'system-ui, "Segoe UI", Ubuntu, "Droid Sans", sans-serif',
  'font-size': '13px',
  'font-weight': 'normal',
  'editor-font-family': 'Consolas, "Courier New", monospace',
  'editor-font-size': '14px',
};

const LIGHT: Record<string, string> = {
  foreground: '#3b3b3b',
  descriptionForeground: '#3b3b3b',
  errorForeground: '#f85149',
  focusBorder: '#005fb8',
  'sideBar-background': '#f8f8f8',
  'editor-background': '#ffffff',
  'editorWidget-background': '#f8f8f8',
  'widget-border': '#e5e5e5',
  'panel-border': '#e5e5e5',
  'input-background': '#ffffff',
  'input-foreground': '#3b3b3b',
  'input-border': '#cecece',
  'dropdown-background': '#ffffff',
  'dropdown-foreground': '#3b3b3b',
  'dropdown-border': '#cecece',
  'button-background': '#005fb8',
  'button-foreground': '#ffffff',
  'button-hoverBackground': '#0258a8',
  'button-secondaryBackground': '#e5e5e5',
  'button-secondaryForeground': '#3b3b3b',
  'button-secondaryHoverBackground': '#cccccc',
  'badge-background': '#cccccc',
  'badge-foreground': '#3b3b3b',
  'textLink-foreground': '#005fb8',
  'textCodeBlock-background': '#f8f8f8',
  'textBlockQuote-background': '#f8f8f8',
  'textBlockQuote-border': '#e5e5e5',
  'toolbar-hoverBackground': '#b8b8b850',
  'list-hoverBackground': '#f2f2f2',
  'list-activeSelectionBackground': '#e8e8e8',
  'list-activeSelectionForeground': '#000000',
  'inputValidation-errorBackground': '#f2dede',
  'inputValidation-errorBorder': '#be1100',
  'inputValidation-infoBackground': '#d6ecf2',
  'inputValidation-infoBorder': '#007acc',
  'inputValidation-warningBackground': '#f6f5d2',
  'inputValidation-warningBorder': '#b89500',
  'editorWarning-foreground': '#bf8803',
  'diffEditor-insertedLineBackground': '#9bb95533',
  'diffEditor-removedLineBackground': '#ff000033',
  'notifications-background': '#ffffff',
  'notifications-foreground': '#3b3b3b',
  'notifications-border': '#e5e5e5',
  'menu-background': '#ffffff',
  'menu-foreground': '#3b3b3b',
  'menu-selectionBackground': '#005fb8',
  'menu-selectionForeground': '#ffffff',
  'icon-foreground': '#3b3b3b',
};

const DARK: Record<string, string> = {
  foreground: '#cccccc',
  descriptionForeground: '#9d9d9d',
  errorForeground: '#f85149',
  focusBorder: '#0078d4',
  'sideBar-background': '#181818',
  'editor-background': '#1f1f1f',
  'editorWidget-background': '#202020',
  'widget-border': '#313131',
  'panel-border': '#2b2b2b',
  'input-background': '#313131',
  'input-foreground': '#cccccc',
  'input-border': '#3c3c3c',
  'dropdown-background': '#313131',
  'dropdown-foreground': '#cccccc',
  'dropdown-border': '#3c3c3c',
  'button-background': '#0078d4',
  'button-foreground': '#ffffff',
  'button-hoverBackground': '#026ec1',
  'button-secondaryBackground': '#313131',
  'button-secondaryForeground': '#cccccc',
  'button-secondaryHoverBackground': '#3c3c3c',
  'badge-background': '#616161',
  'badge-foreground': '#f8f8f8',
  'textLink-foreground': '#4daafc',
  'textCodeBlock-background': '#2b2b2b',
  'textBlockQuote-background': '#2b2b2b',
  'textBlockQuote-border': '#616161',
  'toolbar-hoverBackground': '#5a5d5e50',
  'list-hoverBackground': '#2a2d2e',
  'list-activeSelectionBackground': '#04395e',
  'list-activeSelectionForeground': '#ffffff',
  'inputValidation-errorBackground': '#5a1d1d',
  'inputValidation-errorBorder': '#be1100',
  'inputValidation-infoBackground': '#063b49',
  'inputValidation-infoBorder': '#007acc',
  'inputValidation-warningBackground': '#352a05',
  'inputValidation-warningBorder': '#b89500',
  'editorWarning-foreground': '#cca700',
  'diffEditor-insertedLineBackground': '#9bb95533',
  'diffEditor-removedLineBackground': '#ff000033',
  'notifications-background': '#1f1f1f',
  'notifications-foreground': '#cccccc',
  'notifications-border': '#2b2b2b',
  'menu-background': '#1f1f1f',
  'menu-foreground': '#cccccc',
  'menu-selectionBackground': '#0078d4',
  'menu-selectionForeground': '#ffffff',
  'icon-foreground': '#cccccc',
};

/** The theme's variables as a style sheet (under the page's nonce) and the `<body>` attribute (localization) the query asks for. */
export function pageLook(query: URLSearchParams): { css: string; body: string } {
  const theme = query.get('theme');
  const colours = theme === 'dark' ? DARK : theme === 'light' ? LIGHT : undefined;
  const variables = colours ? Object.entries({ ...SHARED, ...colours }).map(([name, value]) => `--vscode-${name}: ${value};`).join(' ') : '';
  const css = colours ? `html { ${variables} background: ${colours['sideBar-background']}; color: ${colours.foreground}; }` : '';
  const lang = query.get('lang');
  if (lang !== 'zh-cn') return { css, body: '' };
  const bundle = JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n/bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
  const attribute = JSON.stringify({ language: 'zh-cn', bundle }).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return { css, body: ` ${VIEW_LOCALIZATION_ATTRIBUTE}="${attribute}"` };
}
