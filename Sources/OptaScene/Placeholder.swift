// OptaScene
