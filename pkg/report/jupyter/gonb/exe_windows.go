package gonb

const exeSuffix = ".exe"
