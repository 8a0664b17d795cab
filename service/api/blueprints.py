"""Every blueprint of the API, registered in one place."""

from __future__ import annotations

import flask
from flask_smorest import Blueprint

from service.api import health, problem_types
from service.api.v1 import advice, bot, deal, moves, names, play, records, review, rules, score
from service.web import pages

# A new endpoint group is one more entry here.
BLUEPRINTS: tuple[Blueprint, ...] = (
    health.blp,
    problem_types.blp,
    rules.blp,
    names.blp,
    deal.blp,
    moves.blp,
    play.blp,
    score.blp,
    advice.blp,
    bot.blp,
    records.blp,
    review.blp,
)

# Plain Flask blueprints (HTML pages), kept out of the API spec.
PAGES: tuple[flask.Blueprint, ...] = (pages.page, problem_types.html_page)
