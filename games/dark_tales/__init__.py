"""Dark Tales: rules assistant and score tracker (pure rules in ``rules``)."""
