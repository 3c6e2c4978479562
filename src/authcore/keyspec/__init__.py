"""authcore.keyspec"""
