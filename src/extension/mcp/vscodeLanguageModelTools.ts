// Tools other extensions registered with VS Code (vscode.lm.tools) in the agent's tool set, called
// through vscode.lm.invokeTool behind the same approval as MCP tools. The svc formulas' own VS Code
// tools are left out: the agent already has them as formulas.
import * as vscode from 'vscode';
import { externalToolName } from '../../core/mcp/externalToolNames';
import { ExternalTool, type ExternalContent, type ExternalToolSpec, type ExternalToolTask } from '../../core/mcp/externalTool';
import type { Tool } from '../../core/tools/tool';
import { isLanguageModelDataPart } from '../languageModels/languageModelDataPart';

function contentOf(parts: readonly unknown[]): ExternalContent[] {
  return parts.map((part): ExternalContent => {
    if (part instanceof vscode.LanguageModelTextPart) return { kind: 'text', text: part.value };
    if (part instanceof vscode.LanguageModelPromptTsxPart) return { kind: 'text', text: JSON.stringify(part.value) };
    if (isLanguageModelDataPart(part)) {
      const media = part.mimeType.startsWith('image/') ? 'image' : part.mimeType.startsWith('audio/') ? 'audio' : undefined;
      return media ? { kind: 'media', media, mimeType: part.mimeType, bytes: part.data.byteLength } : { kind: 'text', text: new TextDecoder().decode(part.data) };
    }
    return { kind: 'text', text: '[a result part the extension does not show]' };
  });
}

export function vscodeToolsForTask(task: ExternalToolTask, taken: Set<string>): Tool[] {
  return vscode.lm.tools
    .filter((info) => !info.name.startsWith('svc_'))
    .map(
      (info) =>
        new ExternalTool(
          {
            name: externalToolName('vscode', '', info.name, taken),
            toolName: info.name,
            description: info.description,
            inputSchema: { properties: {}, ...(info.inputSchema ?? {}), type: 'object' } as ExternalToolSpec['inputSchema'],
            origin: { kind: 'vscode-tool', tool: info.name },
          },
          async (args, signal) => {
            const source = new vscode.CancellationTokenSource();
            const cancel = () => source.cancel();
            signal.addEventListener('abort', cancel, { once: true });
            try {
              const result = await vscode.lm.invokeTool(info.name, { input: args, toolInvocationToken: undefined }, source.token);
              return { content: contentOf(result.content) };
            } finally {
              signal.removeEventListener('abort', cancel);
              source.dispose();
            }
          },
          task,
        ),
    );
}
