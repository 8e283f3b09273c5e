#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI itself is bundled into dist/cli.js by `npm run build`.
require('../dist/cli.js');
