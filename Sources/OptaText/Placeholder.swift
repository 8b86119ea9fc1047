// OptaText
