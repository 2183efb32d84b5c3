# in a checkout of this repository: writes actionable-errors-1.0.0.tgz
npm install && npm pack
# in your project
npm install /path/to/actionable-errors-1.0.0.tgz
