"""`gamenight serve` on bad arguments: one line and exit status 2, nothing started."""

from __future__ import annotations

from typer.testing import CliRunner

from gamenight.cli.app import app

runner = CliRunner()


def test_a_database_that_cannot_be_opened_is_one_line(tmp_path):
    result = runner.invoke(app, ["serve", "--db", "nosuchdriver://nowhere"])
    assert result.exit_code == 2
    assert "cannot open the database" in result.output and "Traceback" not in result.output


def test_data_and_db_name_two_databases(tmp_path):
    result = runner.invoke(app, ["serve", "--data", str(tmp_path), "--db", "postgresql://x/y"])
    assert result.exit_code == 2 and "give one" in result.output


def test_a_data_folder_that_cannot_be_made_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = runner.invoke(app, ["serve", "--data", str(blocker / "inside")])
    assert result.exit_code == 2 and "cannot keep the tables there" in result.output
