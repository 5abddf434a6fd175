import secrets

from django.db import migrations, models


def key_each_group(apps, schema_editor):
    """Tables of one group name so far shared their results: one random key per name."""
    Table = apps.get_model("games", "Table")
    names = Table.objects.exclude(group="").values_list("group", flat=True).distinct()
    for name in list(names):
        Table.objects.filter(group=name).update(group_key=secrets.token_urlsafe(16))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_claims_and_backup_kinds"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="group_key",
            field=models.CharField(
                blank=True, db_index=True, max_length=32, verbose_name="group results key"
            ),
        ),
        migrations.RunPython(key_each_group, migrations.RunPython.noop),
    ]
