// Imported before the extension's session list, in a bench process playing the extension host without VS
// Code: `require('vscode')` is answered with the stand-in for the whole process.
import { installVscodeStandIn } from '../../test/support/vscodeStandIn';

installVscodeStandIn();
