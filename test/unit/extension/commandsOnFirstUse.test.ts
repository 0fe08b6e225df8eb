// Commands whose code loads on their first run (commandsOnFirstUse.ts), and the file commands registered
// that way: until the first run each is a stand-in, then the real command runs with the same arguments.
// `vscode` here is a stand-in command registry that refuses a second registration of a command, as VS Code does.
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import type * as CommandsOnFirstUseModule from '../../../src/extension/commandsOnFirstUse';
import type * as FileCommandsModule from '../../../src/extension/files/fileCommands';
import type * as RegisterFileFeaturesModule from '../../../src/extension/files/registerFileFeatures';
import { CommandRegistryStandIn, installVscodeStandIn } from '../../support/vscodeStandIn';

const commandRegistry = new CommandRegistryStandIn();
const registered = commandRegistry.registered;

describe('commands whose code loads on first use', () => {
  let uninstall: () => void;
  let onFirstUse: typeof CommandsOnFirstUseModule;
  const load = (path: string): unknown => Module.createRequire(__filename)(path);

  before(() => {
    uninstall = installVscodeStandIn({ commands: commandRegistry, ThemeIcon: class {} });
    onFirstUse = load('../../../src/extension/commandsOnFirstUse') as typeof CommandsOnFirstUseModule;
  });
  after(() => uninstall());
  afterEach(() => registered.clear());

  /** Code that registers `commands`, each answering with its name and arguments; counts its loads. */
  function code(commands: readonly string[], loads: { count: number }, failFirst = false): CommandsOnFirstUseModule.LoadCommands {
    return async () => {
      loads.count++;
      if (failFirst && loads.count === 1) throw new Error('the file could not be read');
      return () => commands.map((command) => commandRegistry.registerCommand(command, (...args) => `${command} ran with ${JSON.stringify(args)}`));
    };
  }

  it('loads nothing until a command runs, then loads once and runs the real commands with their arguments', async () => {
    const loads = { count: 0 };
    const registration = onFirstUse.registerCommandsOnFirstUse(['a.one', 'a.two'], code(['a.one', 'a.two'], loads));
    assert.deepEqual([...registered.keys()], ['a.one', 'a.two']);
    assert.equal(loads.count, 0);
    assert.equal(await commandRegistry.executeCommand('a.two', 'x', 2), 'a.two ran with ["x",2]');
    assert.equal(await commandRegistry.executeCommand('a.one'), 'a.one ran with []');
    assert.equal(loads.count, 1);
    registration.dispose();
    assert.deepEqual([...registered.keys()], []);
  });

  it('tries the load again on the next run after a failed one', async () => {
    const loads = { count: 0 };
    onFirstUse.registerCommandsOnFirstUse(['b.one'], code(['b.one'], loads, true));
    await assert.rejects(commandRegistry.executeCommand('b.one'), /could not be read/);
    assert.equal(await commandRegistry.executeCommand('b.one', 1), 'b.one ran with [1]');
    assert.equal(loads.count, 2);
  });

  it('registers nothing when disposed before the load finished', async () => {
    const loads = { count: 0 };
    const registration = onFirstUse.registerCommandsOnFirstUse(['c.one'], code(['c.one'], loads));
    const running = commandRegistry.executeCommand('c.one');
    registration.dispose();
    await assert.rejects(running, /not found/);
    assert.deepEqual([...registered.keys()], []);
  });

  it('has a stand-in for exactly the file commands their file registers', () => {
    const { FILE_COMMANDS } = load('../../../src/extension/files/registerFileFeatures') as typeof RegisterFileFeaturesModule;
    const { registerLoadedFileCommands } = load('../../../src/extension/files/fileCommands') as typeof FileCommandsModule;
    const set = { services: {}, deps: { currentModel: () => 'svc-v1-32k', commandArguments: {} } } as unknown as RegisterFileFeaturesModule.FileFeatureSet;
    registerLoadedFileCommands(set, {} as never);
    assert.deepEqual([...registered.keys()].sort(), [...FILE_COMMANDS].sort());
  });
});
