// Shaders
