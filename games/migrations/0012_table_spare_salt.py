import secrets

from django.db import migrations, models

import games.models


def own_salts(apps, schema_editor):
    """Each existing table its own salt: AddField gave them all the one default computed once
    (harmless, as the spare link mixes in the table's code, but a renewal should be per table)."""
    Table = apps.get_model("games", "Table")
    for table in Table.objects.only("id").iterator():
        Table.objects.filter(pk=table.pk).update(spare_salt=secrets.token_hex(8))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_table_seating'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='spare_salt',
            field=models.CharField(default=games.models.new_invite_salt, editable=False, max_length=32, verbose_name='spare keeper link salt'),
        ),
        migrations.RunPython(own_salts, migrations.RunPython.noop),
    ]
