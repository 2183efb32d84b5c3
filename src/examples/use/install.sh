# actionable-errors is not on the npm registry yet: build its tarball in a checkout of this repository
npm install && npm pack    # writes actionable-errors-1.0.0.tgz
# then, in your project, install that file (npx actionable-errors then runs the copy installed there)
npm install /path/to/actionable-errors-1.0.0.tgz
