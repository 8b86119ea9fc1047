// OptaImage
