"""authcore.flow"""
