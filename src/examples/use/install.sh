# in a checkout of this repository: writes actionable-errors-0.1.0.tgz
npm install && npm run tarball
# in your project
npm install /path/to/actionable-errors-0.1.0.tgz
