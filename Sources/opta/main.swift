print("opta")
