"""Localisation: the languages, their gettext catalogues (service/translations) and look-ups.

English is the source language: every text is written in English in the code and looked up
in a language's compiled catalogue; a text a catalogue lacks stays English.
"""
