#!/bin/sh
# A small git project for the e2e scenarios: `npm test` fails until greet() says "Hello, Ada!", `npm run
# build` passes. Usage: tests/e2e/sample-project.sh DIR (DIR must not exist yet).
set -eu
[ $# -eq 1 ] || { echo "usage: sample-project.sh DIR" >&2; exit 2; }
[ ! -e "$1" ] || { echo "sample-project.sh: $1 already exists" >&2; exit 1; }
mkdir -p "$1/src"
cd "$1"
printf '%s\n' '{' '  "name": "greeter",' '  "version": "1.0.0",' '  "private": true,' '  "scripts": {' \
  '    "test": "node test.js",' '    "build": "node -e \"console.log('"'"'build ok'"'"')\""' '  }' '}' >package.json
printf '%s\n' "const assert = require('node:assert');" "const { greet } = require('./src/greet.js');" \
  "assert.strictEqual(greet('Ada'), 'Hello, Ada!');" "console.log('1 passed, 0 failed');" >test.js
printf 'node_modules/\n' >.gitignore
git init -q
git add -A
git -c user.name=e2e -c user.email=e2e@localhost commit -qm 'greeter: the test first'
