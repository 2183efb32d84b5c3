# in a checkout of this repository
npm install && npm pack    # writes actionable-errors-1.0.0.tgz
# in your project
npm install /path/to/actionable-errors-1.0.0.tgz
