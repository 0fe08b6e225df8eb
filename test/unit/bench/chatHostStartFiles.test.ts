// The start-up and size bench counts what the chat host loads when it starts: the files it requires from
// its top level, followed through theirs, and not the ones an import() turned into a require loads later.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFiles, topLevelRequires } from '../../../bench/support/chatHostStartFiles';

describe('bench: the chat host files loaded at start', () => {
  it('finds the requires of the top level, in order, and none inside a function', () => {
    const source = [
      '"use strict";var a=require("./chatHostShared-AB12.js"),v=g(require("vscode")),p=require("node:path");',
      'var b=require("./chatHostShared-CD34.js");',
      'async function f(){return(await Promise.resolve().then(()=>g(require("./agentFeatures.js")))).start()}',
      'class C{load(){return require("./completionEngines.js")}}',
      'const h=function(){require("./vendor/yaml.js")};',
      'module.exports={f,C,h,x:()=>require("./workspaceFileList.js")};',
    ].join('\n');
    assert.deepEqual(topLevelRequires(source), ['chatHostShared-AB12.js', 'chatHostShared-CD34.js']);
  });

  it('follows the chunks a chunk requires, each once', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-start-files-'));
    try {
      fs.writeFileSync(path.join(dist, 'chatHost.js'), 'var a=require("./one.js"),b=require("./two.js");exports.start=()=>require("./lazy.js");');
      fs.writeFileSync(path.join(dist, 'one.js'), 'var b=require("./two.js");');
      fs.writeFileSync(path.join(dist, 'two.js'), 'exports.x=1;');
      assert.deepEqual(startFiles(dist, 'chatHost.js'), ['chatHost.js', 'one.js', 'two.js']);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
